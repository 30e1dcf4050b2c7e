import type { FormSchema } from '@/lib/validation/rules';

/** The clean output of a valid input; fails the test with the field messages otherwise. */
export function parseValid<Output extends object>(schema: FormSchema<Output>, input: unknown): Output {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected valid input, got ${JSON.stringify(result.fieldErrors)}`);
  return result.data;
}
