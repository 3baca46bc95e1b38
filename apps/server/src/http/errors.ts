import { statusMessage } from '@canteen/contract';

/**
 * A failure the client should see: an HTTP status from the contract's catalogue and a
 * human message (Chinese by default) that names the problem.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string = statusMessage(status),
  ) {
    super(message);
  }
}

/** 429 with the seconds until the limit's window ends, answered as Retry-After. */
export class TooManyRequests extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = `${statusMessage(429)}，请 ${retryAfterSeconds} 秒后再试`,
  ) {
    super(429, message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = statusMessage(401)) => new AppError(401, message);
export const forbidden = (message = statusMessage(403)) => new AppError(403, message);
export const notFound = (message = statusMessage(404)) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
