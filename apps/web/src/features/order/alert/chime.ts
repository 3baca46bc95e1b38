/**
 * The new-order sound: two short rising tones made with WebAudio, so no audio file is shipped or
 * fetched. Browsers keep an AudioContext suspended until the page has had a user gesture; the
 * shell has had many by the time an order arrives, and a context that stays suspended just
 * plays nothing (the notification still shows).
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (context) return context;
  const Context = (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext
    ?? (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) return undefined;
  context = new Context();
  return context;
}

/** One tone: a quick attack and an exponential fade, so it does not click. */
function tone(ctx: AudioContext, frequency: number, start: number, length: number) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.setValueAtTime(frequency, start);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.02);
}

/** Plays the chime (about half a second); never throws. */
export function playNewOrderChime(): void {
  try {
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const now = ctx.currentTime;
    tone(ctx, 880, now, 0.18);
    tone(ctx, 1318.5, now + 0.2, 0.28);
  } catch {
    // No sound is better than a broken alert.
  }
}
