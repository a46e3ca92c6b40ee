import type { Request, RequestHandler } from 'express';
import type { PostedForm } from '@shared/forms';
import { unsupportedType } from '../domain/errors';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** A page form sent without JavaScript and refused: the page handler renders its page with it, answering `status`. */
      postedForm?: { state: PostedForm; status: number };
    }
  }
}

/**
 * Page forms (sent without JavaScript) are application/x-www-form-urlencoded, as a browser sends
 * an HTML form: any other body is refused with 415, as the API refuses anything but JSON.
 */
export const urlencodedOnly: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/x-www-form-urlencoded'))
    return next(unsupportedType('Send the form as a web form (Content-Type: application/x-www-form-urlencoded)'));
  next();
};

/** A form's fields: what its schema reads. `lists` are checkbox groups, sent as repeated names. */
export interface FormFields {
  text: readonly string[];
  lists?: readonly string[];
}

/**
 * The named fields of a parsed form body, as a browser sends them: a text field is a string ('' when
 * missing, the first value when repeated), a list is every value sent. Anything else in the body
 * is dropped, so this is also what a refused form shows again.
 */
export function formValues(body: unknown, fields: FormFields): Record<string, string | string[]> {
  const sent = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const strings = (v: unknown): string[] =>
    (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
  const out: Record<string, string | string[]> = {};
  for (const name of fields.text) out[name] = strings(Object.hasOwn(sent, name) ? sent[name] : undefined)[0] ?? '';
  for (const name of fields.lists ?? []) out[name] = strings(Object.hasOwn(sent, name) ? sent[name] : undefined);
  return out;
}

/** The path a form was posted to: its page. */
export const postedPath = (req: Request) => new URL(req.originalUrl, 'http://localhost').pathname;
