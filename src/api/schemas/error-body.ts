import * as z from 'zod/mini';
import { opt } from '../zod.js';

/** Error body of the platform (shape not shown; what the emulator sends and the client reads). */
export const errorBodySchema = z.looseObject({
  errorCode: opt(z.string()),
  code: opt(z.string()),
  message: opt(z.string()),
  details: opt(z.array(z.looseObject({ field: opt(z.string()), message: opt(z.string()) }))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
