import { describe, expect, it } from 'vitest';
import { hasBrowser, useServerAndBrowser } from './harness.js';
import { chooseFile, openAccountScreen, samplePng, useSimulator } from './wxmp-pages.js';

describe.skipIf(!hasBrowser())('materials (素材管理) against the simulator', () => {
  const sim = useSimulator();
  const session = useServerAndBrowser(sim.env);

  // First in the file: the account's materials have never been listed, so the server has not synced them yet.
  it("lists a fresh account's seeded materials without a refresh: the first listing's sync is watched and the lists follow it", async () => {
    const { page, screen: materials } = await openAccountScreen(session, '素材管理', 'materials-page');
    const images = page.getByTestId('material-tab-image');
    for (const name of ['braised-pork.png', 'greens.png', 'noodles.png']) await images.getByTestId('material-card').filter({ hasText: name }).waitFor();
    await expect.poll(() => materials.getByTestId('sync-progress').count()).toBe(0);
    expect(await materials.getByTestId('sync-materials').isEnabled()).toBe(true);
  });

  it('checks uploads before sending, uploads an image into the card wall and the picker, and creates a two-article news item', async () => {
    const { page } = await openAccountScreen(session, '素材管理', 'materials-page');
    const images = page.getByTestId('material-tab-image');
    await images.getByText('支持bmp/png/jpeg/jpg/gif格式，大小不超过2M').waitFor();

    // Wrong type and too large: refused in the browser with the specification's messages.
    await chooseFile(page, 'upload-image', 'notes.txt', 'text/plain', Buffer.from('not an image'));
    await page.locator('.ant-message').getByText('上传图片格式不对!').waitFor();
    await chooseFile(page, 'upload-image', 'big.png', 'image/png', Buffer.concat([samplePng(), Buffer.alloc(3 * 1024 * 1024)]));
    await page.locator('.ant-message').getByText('上传图片大小不能超过2M!').waitFor();

    // A real image: uploaded, then shown in the card wall with its 100px thumbnail.
    await chooseFile(page, 'upload-image', 'dish-one.png', 'image/png', samplePng(1));
    await page.locator('.ant-message').getByText('上传成功').waitFor();
    const card = images.getByTestId('material-card').filter({ hasText: 'dish-one.png' });
    await card.waitFor();
    const thumb = card.locator('img');
    await expect.poll(() => thumb.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);
    expect(Math.round((await thumb.boundingBox())!.height)).toBe(100);
    await chooseFile(page, 'upload-image', 'dish-two.png', 'image/png', samplePng(2));
    await images.getByTestId('material-card').filter({ hasText: 'dish-two.png' }).waitFor();

    // Voice of the wrong type.
    await page.getByRole('tab', { name: '语音' }).click();
    const voices = page.getByTestId('material-tab-voice');
    await voices.getByText('格式支持mp3/wma/wav/amr，文件大小不超过2M，播放长度不超过60s').waitFor();
    await chooseFile(page, 'upload-voice', 'song.ogg', 'audio/ogg', Buffer.from('OggS not allowed'));
    await page.locator('.ant-message').getByText('上传语音格式不对!').waitFor();
    // The simulator's seeded clip is listed; the refused file never reached it.
    await voices.locator('tr.ant-table-row').filter({ hasText: 'hello.amr' }).waitFor();
    expect(await voices.getByText('song.ogg').count()).toBe(0);

    // News: two articles, covers picked from the image materials in the picker.
    await page.getByRole('tab', { name: '图文' }).click();
    await page.getByTestId('news-create').click();
    const editor = page.getByTestId('news-editor');
    await editor.waitFor();
    const fillArticle = async (title: string, cover: string, content: string) => {
      await editor.getByTestId('news-title').fill(title);
      await editor.getByTestId('news-pick-cover').click();
      const picker = page.getByTestId('material-picker-image');
      await picker.waitFor();
      const choice = picker.getByTestId('material-card').filter({ hasText: cover });
      await choice.waitFor();
      await choice.getByRole('button', { name: /选\s*择/ }).click();
      await picker.waitFor({ state: 'detached' });
      await editor.getByTestId('news-cover').waitFor();
      await editor.getByTestId('news-author').fill('小厨');
      await editor.getByTestId('news-digest').fill(`${title}的摘要`);
      await editor.getByTestId('rich-text-area').click();
      await page.keyboard.type(content);
    };
    await fillArticle('本周新菜', 'dish-one.png', '招牌红烧肉上新了。');
    await editor.getByTestId('news-add-article').click();
    await expect.poll(() => editor.getByTestId('news-article').count()).toBe(2);
    await fillArticle('会员日优惠', 'dish-two.png', '每周三会员八折。');
    await page.locator('.ant-modal').filter({ has: editor }).getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await editor.waitFor({ state: 'detached' });
    const news = page.getByTestId('material-tab-news').getByTestId('news-preview');
    await news.filter({ hasText: '本周新菜' }).filter({ hasText: '会员日优惠' }).waitFor();
    expect(Math.round((await news.first().boundingBox())!.width)).toBe(300);
  });
});
