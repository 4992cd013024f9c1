import { useState } from 'react';
import type { Post } from '@autoradar/contract';
import { postMessages } from '../messages';

const t = postMessages.media;
type MediaFile = Post['mediaFiles'][number];

function thumbOf(file: MediaFile): string | undefined {
  return file.type === 'photo' ? file.url_sm : (file.poster ?? undefined);
}

function Slide({ file, alt }: { file: MediaFile; alt: string }) {
  if (file.type === 'video') {
    return (
      <video
        className="post-media__item"
        src={file.src}
        poster={file.poster ?? undefined}
        controls
        playsInline
        preload="metadata"
      />
    );
  }
  return <img className="post-media__item" src={file.url} alt={file.title ?? alt} decoding="async" />;
}

/** The listing's photos and videos: one large item, arrows, and a row of thumbnails to jump to any item. */
export function MediaCarousel({ files, title }: { files: Post['mediaFiles']; title: string }) {
  const [index, setIndex] = useState(0);
  const current = files[Math.min(index, files.length - 1)];
  if (!current) return null;
  const total = files.length;
  const go = (next: number) => setIndex((next + total) % total);

  return (
    <section className="post-media" aria-label={t.label} aria-roledescription="carousel">
      <div className="post-media__stage">
        <Slide key={index} file={current} alt={title} />
        {total > 1 ? (
          <>
            <button
              type="button"
              className="post-media__arrow post-media__arrow--prev"
              aria-label={t.previous}
              onClick={() => go(index - 1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="post-media__arrow post-media__arrow--next"
              aria-label={t.next}
              onClick={() => go(index + 1)}
            >
              ›
            </button>
            <span className="post-media__counter">
              {index + 1} / {total}
            </span>
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <div className="post-media__thumbs">
          {files.map((file, i) => {
            const thumb = thumbOf(file);
            return (
              <button
                key={i}
                type="button"
                className="post-media__thumb"
                aria-label={t.show(i + 1, total)}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              >
                {thumb ? <img src={thumb} alt="" loading="lazy" /> : <span className="post-media__thumb-video">▶</span>}
              </button>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
