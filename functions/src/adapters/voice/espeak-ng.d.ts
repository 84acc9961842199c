/** The parts of the eSpeak-NG WASM build (package files, no types shipped) that the local engine drives. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type:
      | 'word'
      | 'sentence'
      | 'end'
      | 'phoneme'
      | 'mark'
      | 'play'
      | 'samplerate'
      | 'msg_terminated'
      | 'list_terminated';
    /** 1-based code-point position in the text given to synthesize(). */
    text_position: number;
    word_length: number;
    /** Milliseconds from the start of this synthesize() call's audio. */
    audio_position: number;
  }
  export interface EspeakWorker {
    set_voice(name: string): void;
    rate: number;
    pitch: number;
    range: number;
    get_samplerate(): number;
    list_voices(): Array<{ name: string; identifier: string }>;
    /** Calls back with 16-bit mono PCM pieces and their events; return true to stop. */
    synthesize(text: string, callback: (samples: Int16Array, events: EspeakEvent[]) => boolean): void;
  }
  const init: () => Promise<{ eSpeakNGWorker: new () => EspeakWorker }>;
  export default init;
}
