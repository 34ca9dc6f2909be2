#!/usr/bin/env python3
"""Deterministic generator of realistic GPU node logs for benchmarks (not tests).

Writes a CRI-format container log (kubelet's /var/log/pods layout) of about SIZE MiB with the
shipped rules' messages sprinkled at known rates, and prints how many of each it wrote.
Usage: genbundle.py OUTPUT SIZE_MIB [SEED]
"""
import random
import sys

NOTES = [
    ("NOTE: CUDA Forward Compatibility mode ENABLED.",
     "  Using CUDA 13.0 driver version 580.65.06 with kernel driver version 570.158.08."),
    ("NOTE: Mellanox network driver detected, but NVIDIA peer memory driver not",
     "      detected.  Multi-node communication performance may be reduced."),
    ("NVRM: Xid (PCI:0000:3b:00): 13, pid=4021, name=python3, Graphics SM Warp Exception on (GPC 0, TPC 1, SM 0): Out Of Range Address",),
    ("NVRM: Xid (PCI:0000:86:00): 79, pid=1, GPU has fallen off the bus.",),
    ("Failed to initialize NVML: Driver/library version mismatch",),
    ("node7:4021:4100 [0] NCCL WARN NET/IB : Got async event : port error",),
    ("RuntimeError: CUDA error: out of memory",),
]
FILLER = [
    "epoch {a} step {b} loss 7.{c:04d} lr 0.000300 tokens/s {d}",
    "[rank{a}]: NCCL INFO Channel {b:02d}/32 : 0[{c}] -> 1[{d}] via P2P/CUMEM/read",
    "INFO:torch.distributed:Reducer buckets have been rebuilt in this iteration, {d} params",
    "W1130 08:15:{a:02d}.{d:06d}       1 reflector.go:{b}] watch of *v1.Pod ended with: too old resource version",
    "{{\"level\":\"info\",\"ts\":1764490502.{d},\"msg\":\"metrics served\",\"port\":{b}}}",
]


def main():
    out, size_mib = sys.argv[1], int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    limit = size_mib << 20
    counts = [0] * len(NOTES)
    written = 0
    second = 0
    with open(out, "w", encoding="utf-8") as f:
        block = []
        while written < limit:
            second += 1
            ts = f"2025-11-30T{(second // 3600) % 24:02d}:{(second // 60) % 60:02d}:{second % 60:02d}"
            for i in range(1000):
                stamp = f"{ts}.{i * 999983 % 1000000000:09d}Z stdout F "
                if rng.random() < 0.0005:
                    n = rng.randrange(len(NOTES))
                    counts[n] += 1
                    for line in NOTES[n]:
                        block.append(stamp + line)
                else:
                    tmpl = FILLER[rng.randrange(len(FILLER))]
                    block.append(stamp + tmpl.format(a=rng.randrange(60), b=rng.randrange(1000),
                                                     c=rng.randrange(10000), d=rng.randrange(1000000)))
            text = "\n".join(block) + "\n"
            block.clear()
            f.write(text)
            written += len(text)
    for note_lines, n in zip(NOTES, counts):
        note = note_lines[0]
        print(f"{n}\t{note}")


if __name__ == "__main__":
    main()
