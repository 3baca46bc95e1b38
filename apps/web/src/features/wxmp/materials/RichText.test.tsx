import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../../test/render';
import { RichText } from './RichText';
import { sanitizeArticleHtml } from './article-html';

const render = (value: string) => {
  renderWithApp(<RichText appId="wx1" value={value} onChange={() => undefined} />);
  return screen.getByTestId('rich-text-area');
};

describe('RichText (article content) sanitises before innerHTML (issue 22 #8)', () => {
  it('renders <img src=x onerror=alert(1)> without the handler', () => {
    const area = render('<p>正文</p><img src=x onerror=alert(1)>');
    const img = area.querySelector('img');
    expect(img).not.toBeNull();
    expect(img!.hasAttribute('onerror')).toBe(false);
    expect(img!.hasAttribute('src')).toBe(false); // "x" is neither http(s) nor our media
    expect(area.innerHTML).not.toContain('alert');
    expect(area.querySelector('p')!.textContent).toBe('正文');
  });

  it('drops scripts, frames, javascript: links and loading styles; keeps the article formatting', () => {
    const area = render([
      '<p style="color: red; background: url(https://evil.example/x); position: fixed">红<script>alert(1)</script></p>',
      '<a href="javascript:alert(2)">坏</a><a href="https://example.com/" onclick="alert(3)">好</a>',
      '<iframe src="https://evil.example/">框</iframe><svg onload="alert(4)"></svg>',
      '<section style="text-align: center"><h2>标题</h2><strong>粗</strong><em>斜</em><u>线</u></section>',
      '<img src="/weixin/media/material/a.png" alt="菜"><img src="https://mmbiz.qpic.cn/b.jpg">',
    ].join(''));
    const html = area.innerHTML;
    for (const bad of ['<script', 'alert', 'javascript:', '<iframe', '<svg', 'onclick', 'url(', 'position']) expect(html, bad).not.toContain(bad);
    expect(html).toContain('<p style="color: red">红</p>');
    expect(html).toContain('<a>坏</a><a href="https://example.com/">好</a>');
    expect(html).toContain('<section style="text-align: center"><h2>标题</h2><strong>粗</strong><em>斜</em><u>线</u></section>');
    expect(html).toContain('<img src="/weixin/media/material/a.png" alt="菜"><img src="https://mmbiz.qpic.cn/b.jpg">');
  });

  it('keeps an href or src attribute only on the element it belongs to', () => {
    expect(sanitizeArticleHtml('<p href="https://a.example/" src="https://b.example/" alt="x">p</p>')).toBe('<p>p</p>');
  });
});
