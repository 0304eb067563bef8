/** The request's form fields, or null when the body is not a readable form (malformed, truncated, wrong type). */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
