/**
 * Plotly draws a subset of HTML in every text it renders (legend names, pie labels, tick labels, hover text):
 * `<a href>` becomes a clickable link, `<b>`, `<span style>` and entities are interpreted. Platform names, domains
 * and anything else that came from collected data are escaped before they reach Plotly, so they show as written.
 * (Only for Plotly: React text is already safe, and click handlers keep the raw value in `customdata`.)
 */
export function plotlyText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
