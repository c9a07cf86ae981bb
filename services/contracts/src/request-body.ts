import { z } from 'zod';

/**
 * A request body object that rejects fields it does not know, so a typo in a client shows up as a
 * 400 naming the field instead of being silently ignored.
 */
export function requestBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      }
      if (issue.code === 'invalid_type') return 'Request body must be a JSON object';
      return undefined;
    },
  });
}
