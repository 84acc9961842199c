/**
 * The voice endpoints of the ElevenLabs fake (test/support/elevenlabs-fake.ts), keeping the provider's
 * real rules. Shapes and rules are read from the official SDK, `@elevenlabs/elevenlabs-js` 2.73
 * (src/api/resources/voices/client/Client.ts, …/voices/resources/ivc/client/Client.ts, api/types/Voice.ts,
 * GetVoicesV2Response.ts, AddVoiceIvcResponseModel.ts, DeleteVoiceResponseModel.ts, VoicesSearchRequest.ts):
 *
 * - One account: every key sees and may delete every voice of the account (ownership is the app's job).
 * - Custom-voice slots are limited per plan (Starter: 10): one more clone answers 400 `voice_limit_reached`.
 * - An unknown voice answers 404 with `detail.status` `voice_not_found` (lookup and delete alike).
 * - `GET /v2/voices`: `search` (name, description, labels, category), `voice_type` (`default` = premade,
 *   `personal`/`non-default`/`non-community` = the account's own), `category`, `page_size` (default 10,
 *   at most 100), `next_page_token`, `sort` (`name` | `created_at_unix`), `sort_direction`.
 */
export interface FakeVoice {
  voice_id: string;
  name: string;
  category: 'premade' | 'cloned';
  description?: string | null;
  labels: Record<string, string>;
  preview_url?: string | null;
  created_at_unix: number;
  is_owner: boolean;
}

export interface VoiceReply {
  status: number;
  body: unknown;
}

export const PREMADE_VOICES: readonly FakeVoice[] = [
  {
    voice_id: 'fake-premade-rachel',
    name: 'Rachel',
    category: 'premade',
    labels: { accent: 'american' },
    preview_url: 'https://example.com/rachel.mp3',
    created_at_unix: 1_600_000_000,
    is_owner: false,
  },
  {
    voice_id: 'fake-premade-adam',
    name: 'Adam',
    category: 'premade',
    labels: { accent: 'american' },
    preview_url: 'https://example.com/adam.mp3',
    created_at_unix: 1_600_000_000,
    is_owner: false,
  },
];

const notFound = (): VoiceReply => ({
  status: 404,
  body: { detail: { status: 'voice_not_found', message: 'A voice with the voice_id was not found.' } },
});

/** One shared provider account's voices. */
export class FakeVoiceAccount {
  readonly voices = new Map<string, FakeVoice>(PREMADE_VOICES.map((v) => [v.voice_id, { ...v }]));
  /** Custom voices the plan allows (Starter: 10). */
  slotLimit: number;
  /** Every clone made from now on answers `requires_verification: true` (the voice is made, but unusable). */
  requiresVerification = false;
  /** Clones ever created (a leak shows as created − deleted − live ≠ 0 nowhere; tests read `clones()`). */
  created = 0;
  private counter = 0;

  constructor(opts: { slotLimit?: number } = {}) {
    this.slotLimit = opts.slotLimit ?? 10;
  }

  /** The account's custom voices, live now (what a leak test counts). */
  clones(): FakeVoice[] {
    return [...this.voices.values()].filter((v) => v.category !== 'premade');
  }

  /** POST /v1/voices/add (multipart: name, description, labels, files, remove_background_noise). */
  add(body: string): VoiceReply {
    const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1];
    const name = field('name');
    if (!name) return { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'Field required' }] } };
    if (!/name="files"/.test(body))
      return { status: 422, body: { detail: [{ loc: ['body', 'files'], msg: 'Field required' }] } };
    if (this.clones().length >= this.slotLimit) {
      return {
        status: 400,
        body: {
          detail: {
            status: 'voice_limit_reached',
            message: `You have reached your maximum amount of custom voices (${this.slotLimit} / ${this.slotLimit}). You can upgrade your subscription to increase your custom voice limit.`,
          },
        },
      };
    }
    const voice_id = `fake-clone-${++this.counter}-${Math.random().toString(36).slice(2, 8)}`;
    this.voices.set(voice_id, {
      voice_id,
      name,
      category: 'cloned',
      description: field('description') ?? null,
      labels: {},
      preview_url: null,
      created_at_unix: Math.floor(Date.now() / 1000),
      is_owner: true,
    });
    this.created++;
    return { status: 200, body: { voice_id, requires_verification: this.requiresVerification } };
  }

  /** GET /v1/voices/{voice_id}: any voice of the account, whoever made it. */
  get(id: string): VoiceReply {
    const voice = this.voices.get(id);
    return voice ? { status: 200, body: voice } : notFound();
  }

  /** DELETE /v1/voices/{voice_id}: premade voices cannot be deleted. */
  delete(id: string): VoiceReply {
    const voice = this.voices.get(id);
    if (!voice) return notFound();
    if (voice.category === 'premade')
      return {
        status: 400,
        body: { detail: { status: 'invalid_voice', message: 'Premade voices cannot be deleted.' } },
      };
    this.voices.delete(id);
    return { status: 200, body: { status: 'ok' } };
  }

  /** GET /v2/voices (voices.search). */
  search(query: URLSearchParams): VoiceReply {
    const type = query.get('voice_type');
    const category = query.get('category');
    const term = query.get('search')?.toLowerCase();
    let list = [...this.voices.values()].filter((v) => {
      if (type === 'default' && v.category !== 'premade') return false;
      if (type && type !== 'default' && v.category === 'premade') return false;
      if (category && v.category !== category) return false;
      if (term) {
        const haystack = [v.name, v.description ?? '', ...Object.values(v.labels), v.category].join(' ').toLowerCase();
        if (!haystack.includes(term)) return false;
      }
      return true;
    });
    const sort = query.get('sort') === 'name' ? 'name' : 'created_at_unix';
    const direction = query.get('sort_direction') === 'asc' ? 1 : -1;
    list = list.sort((a, b) => (a[sort] < b[sort] ? -direction : a[sort] > b[sort] ? direction : 0));
    const pageSize = Math.min(100, Math.max(1, Number(query.get('page_size') ?? 10) || 10));
    const from = Number(query.get('next_page_token') ?? 0) || 0;
    const page = list.slice(from, from + pageSize);
    const hasMore = from + pageSize < list.length;
    return {
      status: 200,
      body: {
        voices: page,
        has_more: hasMore,
        total_count: list.length,
        ...(hasMore ? { next_page_token: String(from + pageSize) } : {}),
      },
    };
  }
}
