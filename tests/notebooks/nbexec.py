#!/usr/bin/python3
"""Execute a Jupyter notebook with nbclient, without losing late outputs.

Usage:
    /usr/bin/python3 tests/notebooks/nbexec.py IN.ipynb OUT.ipynb [--timeout SECONDS]
        [--grace SECONDS] [--kernel NAME]

Why not `jupyter nbconvert --execute`: Deno 2.9's kernel sometimes publishes `status: idle`
before a cell's `display_data` / `execute_result`. nbclient stops listening to IOPub at idle and
drops every message whose parent is not the cell it is running, so such outputs vanish and the
run still exits 0. This executor

  * keeps reading IOPub for `--grace` seconds after a cell's idle (the grace restarts whenever
    another message arrives), and once more after the last cell;
  * routes every IOPub message to the cell whose execute request (`msg_id`) it answers, so an
    output that arrives while a later cell runs still lands in the right cell.

The kernel runs in the folder of IN.ipynb, so `../lib/...` imports and the `deno.json` import
map of the project resolve. Every cell runs even after an error (errors are recorded as
outputs). OUT.ipynb is always written when the kernel started.

Exit status: 0 all cells ran without error; 1 some cell has an error output (listed on stderr);
2 bad usage or unreadable notebook; 3 the kernel could not start, died or a cell timed out.
"""

import argparse
import asyncio
import os
import sys
import typing as t
from queue import Empty

import nbformat
from nbclient import NotebookClient
from nbclient.util import ensure_async
from nbclient.exceptions import CellExecutionComplete, CellTimeoutError, DeadKernelError


class LateOutputClient(NotebookClient):
    """A NotebookClient that keeps listening after idle and routes outputs by msg_id."""

    def __init__(self, nb, grace: float, **kw: t.Any) -> None:
        super().__init__(nb, **kw)
        self.grace = grace
        self._cells_by_msg_id: t.Dict[str, t.Tuple[t.Any, int]] = {}
        self.late_messages = 0

    def _route(self, msg: t.Dict, current_id: t.Optional[str]) -> bool:
        """Process msg for the cell it answers. Returns True when it is the current cell's idle."""
        parent_id = msg.get("parent_header", {}).get("msg_id")
        target = self._cells_by_msg_id.get(parent_id)
        if target is None:
            return False
        cell, cell_index = target
        if parent_id != current_id:
            self.late_messages += 1
        try:
            self.process_message(msg, cell, cell_index)
        except CellExecutionComplete:
            return parent_id == current_id
        return False

    async def _read_until_quiet(self, current_id: t.Optional[str]) -> None:
        """Read IOPub until no message arrives for `grace` seconds."""
        assert self.kc is not None
        while True:
            try:
                msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=self.grace))
            except Empty:
                return
            self._route(msg, current_id)

    async def _async_poll_output_msg(
        self, parent_msg_id: str, cell: t.Any, cell_index: int
    ) -> None:
        assert self.kc is not None
        self._cells_by_msg_id[parent_msg_id] = (cell, cell_index)
        while True:
            msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=None))
            if self._route(msg, parent_msg_id):
                break
        await self._read_until_quiet(parent_msg_id)

    async def async_execute_cell(self, cell, cell_index, execution_count=None, store_history=True):
        result = await super().async_execute_cell(
            cell, cell_index, execution_count=execution_count, store_history=store_history
        )
        if cell_index == len(self.nb.cells) - 1 and self.kc is not None:
            await self._read_until_quiet(None)
        return result


def error_cells(nb) -> t.List[t.Tuple[int, str]]:
    """(cell index, 'ename: evalue') of every error output."""
    found = []
    for index, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            if out.get("output_type") == "error":
                found.append((index, f"{out.get('ename', '')}: {out.get('evalue', '')}"))
    return found


def main(argv: t.List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="notebook to execute (not modified)")
    parser.add_argument("output", help="where to write the executed notebook")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per cell (300)")
    parser.add_argument(
        "--grace", type=float, default=0.5, help="seconds of IOPub silence after idle (0.5)"
    )
    parser.add_argument("--kernel", default=None, help="kernel name (notebook metadata)")
    args = parser.parse_args(argv)

    try:
        nb = nbformat.read(args.input, as_version=4)
    except Exception as exc:  # noqa: BLE001 - report any unreadable input plainly
        print(f"nbexec: cannot read {args.input}: {exc}", file=sys.stderr)
        return 2

    workdir = os.path.dirname(os.path.abspath(args.input))
    # The kernel inherits this: plain text outputs, no ANSI colour codes in committed notebooks.
    os.environ["NO_COLOR"] = "1"
    options: t.Dict[str, t.Any] = dict(
        timeout=int(args.timeout),
        allow_errors=True,
        record_timing=False,
        iopub_timeout=int(max(4, 4 * args.grace + 1)),
        resources={"metadata": {"path": workdir}},
    )
    if args.kernel:
        options["kernel_name"] = args.kernel
    client = LateOutputClient(nb, grace=args.grace, **options)
    status = 0
    try:
        asyncio.run(client.async_execute())
    except (CellTimeoutError, DeadKernelError) as exc:
        print(f"nbexec: {type(exc).__name__}: {exc}", file=sys.stderr)
        status = 3
    except Exception as exc:  # noqa: BLE001 - kernel start failures come in many types
        print(f"nbexec: kernel failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 3

    nbformat.write(nb, args.output)
    if client.late_messages:
        print(f"nbexec: routed {client.late_messages} late message(s)", file=sys.stderr)
    errors = error_cells(nb)
    for index, text in errors:
        print(f"nbexec: cell {index}: {text}", file=sys.stderr)
    if status:
        return status
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
