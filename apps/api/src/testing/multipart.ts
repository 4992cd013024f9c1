// Multipart bodies for app.inject(), built by the platform's FormData exactly as a browser sends them.

export interface FilePart {
  name: string;
  data: Buffer;
  /** application/octet-stream when absent. */
  type?: string;
}

export type MultipartField = string | FilePart;

/** Text fields and file parts in the given order, then `file` under the field name "file" when given. */
export async function multipart(
  fields: Record<string, MultipartField>,
  file?: FilePart,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  const append = (key: string, part: FilePart) =>
    form.append(
      key,
      new Blob([new Uint8Array(part.data)], { type: part.type ?? 'application/octet-stream' }),
      part.name,
    );
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else append(key, value);
  }
  if (file) append('file', file);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
