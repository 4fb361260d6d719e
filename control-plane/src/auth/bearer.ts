/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive); null when it is missing or has another form. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;
}
