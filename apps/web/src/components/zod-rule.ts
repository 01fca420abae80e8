import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd form rule that checks a field with its contract schema, so a form never restates a
 * rule of packages/contracts (DESIGN.md §3): `rules={[zodRule(ZSignupRequest.shape.email)]}`.
 * The message is the schema's first issue.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const res = schema.safeParse(value ?? '');
      if (!res.success) throw new Error(res.error.issues[0]?.message ?? 'is not valid');
    },
  };
}
