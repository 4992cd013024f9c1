import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import type { FakeChannel, FakeTelegramPreview } from '@autoradar/server/testing/fake-telegram-preview';

// The fake t.me of the source benchmarks (bench:sources, bench:source-readers) runs in a child process of its own, so
// that its CPU is not counted as the reader's. This is the conversation with it and the measurement around a run.

export type FromFake = { url: string } | { maxPerSecond: number; requests: number } | { posted: number };

/**
 * In the child: answers 'stats' (and resets them), 'post' (with `post` given: a new post per channel), 'stop'. Every
 * photo is made before the child says it is ready or posted, so no measured run waits for the fake to draw one.
 */
export function serveFake(
  fake: FakeTelegramPreview,
  post?: {
    channels: FakeChannel[];
    text: (i: number) => string;
    photos?: (i: number) => number;
    /** 'post-one': one post on the first channel (the latency run), with this text and photo count. */
    one?: { text: string; photos: number };
  },
) {
  // A parent that dies (a failed run) takes its fake with it.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: string) => {
    if (message === 'stats') {
      process.send!({ maxPerSecond: fake.maxRequestsPerSecond(), requests: fake.requests.length } satisfies FromFake);
      fake.resetStats();
    } else if (message === 'post' && post) {
      post.channels.forEach((channel, i) => channel.post({ text: post.text(i), photos: post.photos?.(i) ?? 0 }));
      void fake.warmPhotos().then(() => process.send!({ posted: post.channels.length } satisfies FromFake));
    } else if (message === 'post-one' && post?.one) {
      post.channels[0]!.post(post.one);
      void fake.warmPhotos().then(() => process.send!({ posted: 1 } satisfies FromFake));
    } else if (message === 'stop') void fake.close().then(() => process.exit(0));
  });
  void fake.warmPhotos().then(() => process.send!({ url: fake.url } satisfies FromFake));
}

/** In the parent: sends `message` (if any) and resolves with the child's next answer. */
export function ask(child: ChildProcess, message?: string): Promise<FromFake> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as FromFake));
    if (message) child.send(message);
  });
}

/** Starts this benchmark file again as the fake's process (argument `serve`); resolves with it and its address. */
export async function forkFake(benchFile: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(benchFile, ['serve', ...process.argv.slice(2)], { execArgv: ['--import', 'tsx'] });
  const ready = await ask(child);
  if (!('url' in ready)) throw new Error('the fake did not start');
  return { child, url: ready.url };
}

/**
 * Wall time, this process's CPU and its peak resident memory while `run` goes; `count` is what run returns; the
 * machine's 1-minute load average before and after (the machine is shared: beside every figure).
 */
export async function measure(run: () => Promise<number>) {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
  const loadBefore = loadavg()[0]!;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const count = await run();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  return {
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    peakRssMb: peakRss / 1_048_576,
    count,
    load: `${loadBefore.toFixed(1)}–${loadavg()[0]!.toFixed(1)}`,
  };
}
