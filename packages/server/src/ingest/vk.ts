// VK's wall.get client (issue 15): VK_TOKEN, VK_API_URL; error 6 (too many requests per second) is retried in place
// with growing pauses. The walls are read on schedule by the sources scheduler through sources/vk-wall-reader.ts
// (issue 28), which handles 9 (flood control) and 29 (the method's rate limit); the old poller that no process started
// is gone.

export const VK_API_VERSION = '5.199';

interface VkPhotoSize {
  type: string;
  url: string;
  width: number;
  height: number;
}

export interface VkWallItem {
  id: number;
  owner_id: number;
  from_id?: number;
  date: number;
  text: string;
  is_pinned?: number;
  marked_as_ads?: number;
  attachments?: { type: string; photo?: { id: number; sizes: VkPhotoSize[] } }[];
}

interface VkAnswer<T> {
  response?: T;
  error?: { error_code: number; error_msg: string };
}

export class VkApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`VK API ${code}: ${message}`);
  }
}

export interface VkClientOptions {
  token: string;
  apiUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Retries of error 6 before giving up (pauses 0.4 s, 0.8 s, 1.6 s …). */
  maxRetries?: number;
}

export function createVkClient(options: VkClientOptions) {
  const apiUrl = (options.apiUrl ?? 'https://api.vk.com/method').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxRetries ?? 4;

  async function call<T>(method: string, params: Record<string, string | number>): Promise<T> {
    const body = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
    body.set('access_token', options.token);
    body.set('v', VK_API_VERSION);
    for (let attempt = 0; ; attempt++) {
      const res = await doFetch(`${apiUrl}/${method}`, { method: 'POST', body });
      if (!res.ok) throw new VkApiError(res.status, `HTTP ${res.status}`);
      const answer = (await res.json()) as VkAnswer<T>;
      if (answer.response !== undefined) return answer.response;
      const code = answer.error?.error_code ?? 0;
      if (code === 6 && attempt < maxRetries) {
        await sleep(400 * 2 ** attempt);
        continue;
      }
      throw new VkApiError(code, answer.error?.error_msg ?? 'unknown error');
    }
  }

  return {
    wallGet: (ownerId: number, count = 100, offset = 0) =>
      call<{ count: number; items: VkWallItem[] }>('wall.get', { owner_id: ownerId, count, offset }),
  };
}

export type VkClient = ReturnType<typeof createVkClient>;
