import type { AppError, AppErrorCode } from '../contract/errors.ts';

/** The one error type main's services throw; the dispatcher turns it into `{ ok: false }`. */
export class AppFailure extends Error {
  readonly error: AppError;
  /** Main-only: the request this failure concerns was certainly never sent (e.g. no token could be had). */
  readonly notSent: boolean;

  constructor(code: AppErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}, notSent = false) {
    super(message);
    this.name = 'AppFailure';
    this.error = { code, message, ...extra };
    this.notSent = notSent;
  }

  /** The same failure, known not to have left this process. */
  static notSent(err: unknown): unknown {
    if (!(err instanceof AppFailure)) return err;
    const { code, message, ...extra } = err.error;
    return new AppFailure(code, message, extra, true);
  }
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppFailure) return err.error;
  return { code: 'internal', message: 'Unexpected error in the counter service' };
}
