/**
 * The language model behind an interface: the assistant needs only "messages in, text out". The one
 * implementation speaks the OpenAI-compatible chat-completions API (OpenAI, a local Ollama at
 * http://localhost:11434/v1, llama.cpp, vLLM …), configured by LLM_BASE_URL / LLM_API_KEY / LLM_MODEL
 * (server/config.ts). LLM_BASE_URL is the API root: `<base>/chat/completions` is called.
 */
import { z } from 'zod';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmClient {
  complete(messages: readonly LlmMessage[]): Promise<string>;
}

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Give up after this long (default 60 s); the caller falls back to the composed answer. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export class LlmError extends Error {
  override readonly name = 'LlmError';
}

export class OpenAiCompatibleClient implements LlmClient {
  constructor(private readonly options: OpenAiCompatibleOptions) {}

  async complete(messages: readonly LlmMessage[]): Promise<string> {
    const doFetch = this.options.fetch ?? fetch;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let response: Response;
    try {
      response = await doFetch(`${this.options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.options.model, messages, temperature: 0, stream: false }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
      });
    } catch (error) {
      throw new LlmError(`LLM request failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) throw new LlmError(`LLM answered HTTP ${response.status}`);
    const parsed = CompletionSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new LlmError('LLM answered an unexpected body');
    const content = parsed.data.choices[0]?.message.content ?? '';
    if (content.trim() === '') throw new LlmError('LLM answered nothing');
    return content;
  }
}
