import { beforeEach, describe, expect, it } from 'vitest';
import { initSessionRecording, sessionRecordingScriptId } from './session-recording';

beforeEach(() => {
  document.getElementById(sessionRecordingScriptId)?.remove();
});

describe('session recording', () => {
  it('adds no script when no source is configured', () => {
    expect(initSessionRecording(undefined)).toBe(false);
    expect(initSessionRecording('')).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('adds the configured script once, asynchronously', () => {
    expect(initSessionRecording('https://recorder.example.com/record.js')).toBe(true);
    expect(initSessionRecording('https://recorder.example.com/record.js')).toBe(true);
    const scripts = document.querySelectorAll<HTMLScriptElement>(`script#${sessionRecordingScriptId}`);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://recorder.example.com/record.js');
    expect(scripts[0]?.async).toBe(true);
  });
});
