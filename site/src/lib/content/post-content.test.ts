import { describe, expect, it } from 'vitest';
import { renderPostContent } from './post-content';

describe('renderPostContent', () => {
  it('turns plain text into escaped paragraphs', () => {
    expect(renderPostContent('Grow <greens> & herbs\nall year.\n\nSecond one.')).toBe('<p>Grow &lt;greens&gt; &amp; herbs<br>all year.</p>\n<p>Second one.</p>');
  });

  it('shows a script in plain text as text', () => {
    expect(renderPostContent('Try <script>alert(1)</script> here')).toBe('<p>Try &lt;script&gt;alert(1)&lt;/script&gt; here</p>');
  });

  it('keeps simple text markup and drops scripts, handlers, styles and javascript: links', () => {
    const html = renderPostContent(
      '<h1>Title</h1><p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><a href="https://farm.example">ok</a><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>body{}</style>',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<p>Hi <strong>there</strong></p>');
    expect(html).toContain('<a href="https://farm.example" rel="nofollow noopener">ok</a>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|style|alert/i);
  });

  it('keeps https images only', () => {
    expect(renderPostContent('<p>a</p><img src="https://img.example/a.jpg" alt="Roof">')).toContain('<img src="https://img.example/a.jpg" alt="Roof"');
    expect(renderPostContent('<p>a</p><img src="http://img.example/a.jpg">')).not.toContain('http://img.example');
  });
});
