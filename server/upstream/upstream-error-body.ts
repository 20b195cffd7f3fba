/** The message, type and code an upstream put in an error body, whatever its dialect. */
export interface UpstreamErrorBody {
  message: string;
  type?: string;
  code?: string;
  /** The request field the error is about (OpenAI's `param`). */
  param?: string;
}
