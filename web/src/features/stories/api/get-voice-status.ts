import { api } from '#web/lib/api-client.ts';
import { useQuery } from '#web/lib/queries.ts';

interface VoiceStatus {
  voice_cloned?: boolean;
}

/**
 * Whether the user has a cloned voice (GET /api/voice/status). Spec section 7: on failure the product
 * treats it as no cloned voice, silently; so this never rejects, except for a deliberate cancel.
 */
export async function hasClonedVoice(signal?: AbortSignal): Promise<boolean> {
  try {
    const status = await api.get<VoiceStatus>('/api/voice/status', { signal });
    return status?.voice_cloned === true;
  } catch (error) {
    if (signal?.aborted) throw error;
    return false;
  }
}

export function useHasClonedVoice() {
  return useQuery({ queryKey: ['voice', 'cloned'], queryFn: ({ signal }) => hasClonedVoice(signal) });
}
