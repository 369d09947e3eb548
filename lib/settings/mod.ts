/**
 * The Claude Code settings that place automatic compaction: where they are, which one is in
 * effect, and how to change one file safely and undo it (docs/method.md, "The setting in use").
 *
 * @module
 */
export * from "./settings_paths.ts";
export * from "./effective_setting.ts";
export * from "./read_settings.ts";
export * from "./edit_settings_text.ts";
export * from "./settings_diff.ts";
export * from "./write_settings.ts";
