/**
 * The lobby on a phone (issue 22): a player who joined a room of 8 sees their own card and
 * Ready without scrolling, portrait and in 中文; the code and QR code wait behind "Invite".
 */
import { PROTOCOL_VERSION } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { connect, expectOk, newDeviceId, type TestClient } from '../server/harness.ts';
import { createRoom, hasChromium, joinRoom, screenshot, useE2eSession } from './harness.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe.skipIf(!hasChromium)('the lobby on a phone', () => {
  const e2e = useE2eSession();

  it('shows a joined player Ready without scrolling in a room of 8; Invite holds the code', async () => {
    const host = await e2e.newPage();
    const code = await createRoom(host, e2e.server.url, 'Ann');
    const bots: TestClient[] = [];
    for (let i = 0; i < 6; i++) {
      const bot = await connect(e2e.server.url, { protocol: PROTOCOL_VERSION });
      expectOk(
        await bot.call('room:join', { code, nickname: `Player${i}`, deviceId: newDeviceId() }),
      );
      bots.push(bot);
    }
    const phone = await e2e.newPage(PHONE);
    await joinRoom(phone, e2e.server.url, code, 'Zoe');
    for (const lang of ['en', 'zh'] as const) {
      if (lang === 'zh') {
        // The same seat in Chinese: a reload takes it back with its token.
        await phone.evaluate(() => localStorage.setItem('percent.lang', 'zh'));
        await phone.reload();
        await phone.getByTestId('lobby').waitFor();
      }
      const ready = phone.getByTestId('ready');
      await ready.waitFor();
      const box = await ready.boundingBox();
      expect(box, lang).not.toBeNull();
      expect(box!.y + box!.height, lang).toBeLessThanOrEqual(844);
      expect(await phone.evaluate(() => window.scrollY)).toBe(0);
      expect(await phone.locator('.lobby-player').count()).toBe(8);
      // Their own card comes first.
      expect(await phone.locator('.lobby-player').first().textContent()).toContain('Zoe');
      // The code and QR code are behind Invite, folded.
      expect(await phone.getByTestId('room-code').isVisible()).toBe(false);
      await screenshot(phone, `lobby-phone-${lang}`);
    }
    await phone.getByTestId('invite').locator('summary').tap();
    expect((await phone.getByTestId('room-code').textContent())?.trim()).toBe(code);
    // The host keeps the code large, at the top.
    expect(await host.getByTestId('room-code').isVisible()).toBe(true);
    expect(await host.locator('.lobby-player').count()).toBeGreaterThanOrEqual(8);
    for (const bot of bots) bot.close();
  }, 120_000);
});
