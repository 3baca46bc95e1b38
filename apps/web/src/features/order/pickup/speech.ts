/**
 * The browser's speech synthesis, where there is one (some kiosk browsers have none). Browsers
 * speak only after the page has had a user gesture: `unlockSpeech` is called from one.
 */
export const speechAvailable = (): boolean =>
  typeof window !== 'undefined' && (window as Partial<Window>).speechSynthesis !== undefined && typeof window.SpeechSynthesisUtterance === 'function';

export function speak(text: string, lang = 'zh-CN'): boolean {
  if (!speechAvailable()) return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  // A voice of the language if the system has one; otherwise the browser's default speaks `lang`.
  const voice = window.speechSynthesis.getVoices().find((v) => v.lang.replace('_', '-').toLowerCase() === lang.toLowerCase());
  if (voice) utterance.voice = voice;
  window.speechSynthesis.speak(utterance);
  return true;
}

/** Inside a click or tap: an empty utterance, so that later announcements (from live events) may speak. */
export const unlockSpeech = (): boolean => speak('');
