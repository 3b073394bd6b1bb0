// The two success envelopes of partner-api.md: `{ data }` and `{ data, meta }`.

export const single = <T>(data: T): { data: T } => ({ data });

export const listOf = <T, M>(data: T[], meta: M): { data: T[]; meta: M } => ({ data, meta });
