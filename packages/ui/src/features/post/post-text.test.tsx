import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostText } from './post-text';

const render = (html: string) => renderToStaticMarkup(<PostText html={html} />);

describe('PostText', () => {
  it('keeps paragraphs, lists, emphasis and line breaks', () => {
    expect(render('<p>Продаю <b>Camry</b>.</p>\n<ul><li>Кожа</li><li>Камера</li></ul>\n<p>Торг<br>уместен</p>')).toBe(
      '<div><p>Продаю <b>Camry</b>.</p><ul><li>Кожа</li><li>Камера</li></ul><p>Торг<br/>уместен</p></div>',
    );
  });

  it('drops scripts, styles, event handlers and unknown tags, keeping the readable text', () => {
    const html = render(
      '<p onclick="steal()">Цена<script>alert(1)</script> <img src=x onerror=alert(1)><span style="x">договорная</span></p><style>p{}</style><iframe src="//evil"></iframe>',
    );
    expect(html).toBe('<div><p>Цена договорная</p></div>');
  });

  it('keeps http links (opening in a new tab) and turns javascript: links into plain text', () => {
    expect(render('<a href="https://avito.ru/1" onclick="x()">источник</a>')).toBe(
      '<div><a href="https://avito.ru/1" target="_blank" rel="noopener noreferrer nofollow ugc">источник</a></div>',
    );
    expect(render('<a href="javascript:alert(1)">ссылка</a> <a href=" JaVaScRiPt&#58;alert(1)">ещё</a>')).toBe(
      '<div><span>ссылка</span> <span>ещё</span></div>',
    );
  });

  it('decodes the escaped text once and lets React escape it again', () => {
    expect(render('<p>&lt;b&gt;не тег&lt;/b&gt; &amp; &#171;кавычки&#187;</p>')).toBe(
      '<div><p>&lt;b&gt;не тег&lt;/b&gt; &amp; «кавычки»</p></div>',
    );
  });

  it('copes with broken markup: stray closing tags, unclosed tags, comments', () => {
    expect(render('</p>Текст<!-- <script>x</script> --><p>без конца')).toBe('<div>Текст<p>без конца</p></div>');
  });
});
