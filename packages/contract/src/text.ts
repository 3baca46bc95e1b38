import { z } from 'zod';

/**
 * Control characters: C0 except tab, line feed and carriage return, DEL and C1. None belongs in
 * text a person typed; on a ticket they are printer commands (ESC @ resets, GS V cuts, a drawer
 * kick, a QR code), so every text schema refuses them and the ticket layout strips them again.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const PRINT_CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

export const hasControlChars = (value: string): boolean => CONTROL_CHARS.test(value);

/** Removes the characters the text schemas refuse (tab and line breaks stay). */
export const stripControlChars = (value: string): string => value.replace(CONTROL_CHARS_ALL, '');

/** For a printed line: every control character goes, tab and line breaks too (a line is one line). */
export const stripPrintControlChars = (value: string): string => value.replace(PRINT_CONTROL_CHARS, '');

export const controlCharsMessage = (name: string): string => `${name}不能包含控制字符`;

/** The one text schema of the contract: trimmed, at most `max` characters, no control characters. */
export const textSchema = (name: string, max: number) =>
  z.string().trim().max(max, `${name}不能超过${max}个字符`).refine((v) => !hasControlChars(v), controlCharsMessage(name));

/** A string refused when it holds control characters (for the schemas built without `textSchema`). */
export const plainText = (name: string) => z.string().refine((v) => !hasControlChars(v), controlCharsMessage(name));
