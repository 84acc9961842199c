/**
 * Typed errors thrown by domain code. One mapper (http.ts) turns them into a status and `{ error }`;
 * anything else becomes a 500 with a generic text, so internals never leak.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response fields the spec defines (e.g. `email_not_verified`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailed extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class Unauthorized extends AppError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(401, message, extra);
  }
}
export class Forbidden extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
