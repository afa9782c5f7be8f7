/** Throw from a route to answer `status` with the spec's envelope carrying `message` (and extra errors). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [message],
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, what);
export const badRequest = (message: string, errors?: string[]) => new HttpError(400, message, errors);
export const forbidden = (message = 'You do not have permission to perform this action.') => new HttpError(403, message);
