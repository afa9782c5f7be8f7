/** Spec part 2 section 9: "URL display truncated at 25 characters" (the whole URL stays in the link and its title). */
export const URL_DISPLAY_LENGTH = 25;

/** A URL as shown in tables and popups: at most 25 characters, the last one an ellipsis when cut. */
export function displayUrl(url: string, max = URL_DISPLAY_LENGTH): string {
  const chars = [...url];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : url;
}
