/**
 * Writes a large corpus of transcript-shaped lines for the reader benchmark, when no synthetic
 * full corpus is available. Deterministic (fixed PCG-like LCG), ~`megabytes` MB in 40 files.
 *
 * @module
 */

/** Writes the corpus under `dir/projects/bench/`; returns its size in bytes. */
export async function makeBenchCorpus(dir: string, megabytes = 460): Promise<number> {
  const projects = `${dir}/projects/bench`;
  await Deno.mkdir(projects, { recursive: true });
  let state = 12345;
  const rand = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const code = 'const x = "quoted \\"value\\"";\n\tif (a < b) { return c; }\n'.repeat(4);
  const files = 40;
  const perFile = (megabytes * 1e6) / files;
  let total = 0;
  const encoder = new TextEncoder();
  for (let f = 0; f < files; f++) {
    const session = `0000000${f}-1f2d-4e3b-8a6c-7d9e0f1a2b3c`.slice(-36);
    const lines: string[] = [];
    let size = 0;
    let n = 0;
    while (size < perFile) {
      n++;
      const time = new Date(Date.UTC(2026, 2, 2, 10, 0, 0) + n * 7000).toISOString();
      const id = `msg_${f}_${n}`;
      const usage = {
        input_tokens: 3,
        cache_creation_input_tokens: 500,
        cache_read_input_tokens: 100000 + n * 300,
        output_tokens: 200,
        cache_creation: { ephemeral_5m_input_tokens: 500, ephemeral_1h_input_tokens: 0 },
        service_tier: "standard",
      };
      const assistant = JSON.stringify({
        parentUuid: `p-${n}`,
        isSidechain: false,
        userType: "external",
        cwd: "/home/dev/proj",
        sessionId: session,
        version: "2.1.112",
        message: {
          model: "claude-opus-5-5",
          id,
          type: "message",
          role: "assistant",
          content: [{
            type: "tool_use",
            id: `toolu_${n}`,
            name: "Read",
            input: { file_path: "/a/b.ts" },
          }],
          stop_reason: "tool_use",
          usage,
        },
        requestId: `req_${f}_${n}`,
        type: "assistant",
        uuid: `a-${f}-${n}`,
        timestamp: time,
      });
      const resultChars = Math.floor(200 + rand() * rand() * 40000);
      const content = code.repeat(Math.ceil(resultChars / code.length)).slice(0, resultChars);
      const result = JSON.stringify({
        parentUuid: `a-${f}-${n}`,
        isSidechain: false,
        type: "user",
        message: {
          role: "user",
          content: [{ tool_use_id: `toolu_${n}`, type: "tool_result", content }],
        },
        uuid: `u-${f}-${n}`,
        timestamp: time,
        toolUseResult: {
          type: "text",
          file: { filePath: "/a/b.ts", content, numLines: 10, startLine: 1, totalLines: 10 },
        },
        sessionId: session,
        version: "2.1.112",
      });
      lines.push(assistant, result);
      size += assistant.length + result.length + 2;
    }
    const bytes = encoder.encode(lines.join("\n") + "\n");
    await Deno.writeFile(`${projects}/${session}.jsonl`, bytes);
    total += bytes.length;
  }
  return total;
}
