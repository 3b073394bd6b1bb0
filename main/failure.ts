import type { AppError, AppErrorCode } from '../contract/errors.ts';

/** The one error type main's services throw; the dispatcher turns it into `{ ok: false }`. */
export class AppFailure extends Error {
  readonly error: AppError;

  constructor(code: AppErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}) {
    super(message);
    this.name = 'AppFailure';
    this.error = { code, message, ...extra };
  }
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppFailure) return err.error;
  return { code: 'internal', message: 'Unexpected error in the counter service' };
}
