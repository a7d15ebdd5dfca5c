/** Pages of a list: 1-based, at least one page, a requested page clamped into range. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageFrom(value: string | null, pages: number): number {
  const page = Number(value);
  if (!Number.isInteger(page) || page < 1) return 1;
  return Math.min(page, pages);
}
