/** A multipart/form-data body with one file field, as a browser's FormData sends it (for API tests). */
export function multipartFile(field: string, filename: string, contentType: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pod${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
