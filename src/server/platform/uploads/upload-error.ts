import { AppError } from "../errors.ts";

/** A refused upload: answered with its status and the field (and file) it concerns. */
export class UploadError extends AppError {
  constructor(
    statusCode: 400 | 409 | 413 | 415,
    message: string,
    readonly field?: string,
    readonly index?: number,
    readonly fileName?: string,
  ) {
    super(statusCode, message);
  }
}
