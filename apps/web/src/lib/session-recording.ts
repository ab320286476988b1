// The third-party session-recording script (spec section 7) is loaded only when its address is
// given at build time (VITE_SESSION_RECORDING_SRC). The server's Content-Security-Policy must
// then allow that host in script-src.

export const sessionRecordingScriptId = 'session-recording';

/** Adds the recording script once, when configured; returns whether it did. */
export function initSessionRecording(
  src: string | undefined = import.meta.env.VITE_SESSION_RECORDING_SRC,
  doc: Document = document,
): boolean {
  if (!src) return false;
  if (doc.getElementById(sessionRecordingScriptId)) return true;
  const script = doc.createElement('script');
  script.id = sessionRecordingScriptId;
  script.src = src;
  script.async = true;
  doc.head.append(script);
  return true;
}
