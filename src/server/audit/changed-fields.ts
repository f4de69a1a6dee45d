/**
 * Which of `fields` differ between two readings of the same thing (values compared as JSON, both read back
 * from the database so they are written alike): what an audit entry names, without the values.
 */
export function changedFields<Field extends string>(
  fields: readonly Field[],
  before: Record<Field, unknown>,
  after: Record<Field, unknown>,
): Field[] {
  return fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}
