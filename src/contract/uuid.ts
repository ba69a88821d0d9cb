// The one UUID rule of the project: what zod's z.uuid() takes (RFC 9562 versions 1-8 with its
// variant, and the nil and max ids), in either case. Written out, not taken from zod, because the
// console's first screen checks ids without loading zod; uuid.test.ts checks the two agree.

/** The rule as a non-capturing group, for path patterns (`/order/(${UUID_SOURCE})/`). */
export const UUID_SOURCE =
  '(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)';

export const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`);

export const isUuid = (text: string): boolean => UUID_PATTERN.test(text);
