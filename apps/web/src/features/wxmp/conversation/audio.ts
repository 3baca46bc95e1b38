/**
 * Voice playback. The messaging platform's voice is AMR-NB, which browsers do not play: it is
 * decoded in the browser by `benz-amr-recorder` (loaded on the first AMR play only, its own chunk).
 * Other formats (mp3, wav, …) play through an audio element.
 */

/** A loaded voice clip. */
export interface VoiceClip {
  play: () => Promise<void> | void;
  stop: () => void;
  /** Called once playback ends by itself or is stopped. */
  onEnded: (fn: () => void) => void;
  /** Seconds, 0 when unknown. */
  duration: () => number;
  destroy: () => void;
}

/** Whether the bytes are an AMR file (`#!AMR`, narrow or wide band). */
export async function isAmr(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 6).arrayBuffer());
  return String.fromCharCode(...head).startsWith('#!AMR');
}

async function amrClip(blob: Blob): Promise<VoiceClip> {
  const { default: BenzAMRRecorder } = await import('benz-amr-recorder');
  const amr = new BenzAMRRecorder();
  await amr.initWithBlob(blob);
  return {
    play: () => amr.play(),
    stop: () => amr.stop(),
    onEnded: (fn) => amr.onStop(fn),
    duration: () => amr.getDuration(),
    destroy: () => amr.destroy(),
  };
}

function elementClip(blob: Blob): Promise<VoiceClip> {
  const url = URL.createObjectURL(blob);
  const audio = new Audio(url);
  let ended: (() => void) | undefined;
  audio.addEventListener('ended', () => ended?.());
  return new Promise((resolve, reject) => {
    audio.addEventListener('loadedmetadata', () =>
      resolve({
        play: () => audio.play(),
        stop: () => {
          audio.pause();
          audio.currentTime = 0;
          ended?.();
        },
        onEnded: (fn) => {
          ended = fn;
        },
        duration: () => (Number.isFinite(audio.duration) ? audio.duration : 0),
        destroy: () => {
          audio.pause();
          URL.revokeObjectURL(url);
        },
      }),
    );
    audio.addEventListener('error', () => {
      URL.revokeObjectURL(url);
      reject(new Error('audio cannot be played'));
    });
    audio.load();
  });
}

/** Loads a clip from its bytes: AMR decoded in the browser, anything else as an audio element. */
export async function loadClip(blob: Blob): Promise<VoiceClip> {
  return (await isAmr(blob)) ? amrClip(blob) : elementClip(blob);
}
