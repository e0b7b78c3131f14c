#!/usr/bin/env python3
"""Writes a tiny random GPT-2 checkpoint and token files in karpathy/llm.c's binary formats, so
that llm.c's trainers can run end to end where no GPT-2 weights can be downloaded.

    tools/llmc_tiny_gpt2.py DIR [--layers 2 --heads 4 --channels 128 --vocab 8250 --seq 64]

writes, under DIR (llm.c's own file names, so its trainers find them unchanged):
    gpt2_124M.bin        FP32 weights (header version 3)
    gpt2_124M_bf16.bin   the same weights in BF16 (version 5)
    gpt2_tokenizer.bin   token i prints as "<i>", the last one is end-of-text (version 2)
    dev/data/tinyshakespeare/tiny_shakespeare_train.bin   tokens (magic 20240520, version 1)
    dev/data/tinyshakespeare/tiny_shakespeare_val.bin

The FP32 weights are rounded to BF16 first, so both files hold the same model. Weights follow
GPT-2's initialisation (normal, std 0.02; residual projections 0.02/sqrt(2 layers); layer
norms 1 and 0; the padded vocabulary rows 0). The tokens come from a small random Markov chain,
so there is something to learn and the loss falls. Everything is seeded: the same arguments
give the same bytes. Only the standard library is used.

llm.c's kernels assume GPT-2's shapes: train_gpt2_fp32.cu's matmul_forward_kernel4 works on
128x128 tiles with no bounds checks, so channels and the padded vocabulary must be multiples
of 128 (on a GPU too: 64 channels give wrong logits there as here); B*T a multiple of 128; T
a multiple of 4 (softmax_forward_kernel5); and, for train_gpt2.cu in BF16, a vocabulary of at
least 8 x 1024 (fused_classifier_kernel5 starts each of its 1024 threads at vocab/8 - 1024 +
threadIdx.x; below that, the index goes negative and its size_t loop test never ends, on a
GPU as here). The defaults meet all of these.
"""
import argparse
import array
import math
import os
import random
import struct
import sys

MODEL_MAGIC = 20240326
TOKENIZER_MAGIC = 20240328
DATA_MAGIC = 20240520


def to_bf16_bits(x):
    """The BF16 bits nearest a float (round to nearest even), as a GPU's __float2bfloat16."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF


def from_bf16_bits(b):
    return struct.unpack("<f", struct.pack("<I", b << 16))[0]


def parameter_tensors(L, C, V, Vp, maxT, rng):
    """llm.c's 16 parameter tensors in its order (fill_in_parameter_sizes), as float lists."""
    def normal(n, std):
        return [rng.gauss(0.0, std) for _ in range(n)]
    residual_std = 0.02 / math.sqrt(2 * L)
    wte = []
    for row in range(Vp):
        wte += normal(C, 0.02) if row < V else [0.0] * C
    return [
        wte,                                   # wte (Vp, C)
        normal(maxT * C, 0.01),                # wpe (maxT, C)
        [1.0] * (L * C), [0.0] * (L * C),      # ln1w, ln1b
        normal(L * 3 * C * C, 0.02),           # qkvw
        [0.0] * (L * 3 * C),                   # qkvb
        normal(L * C * C, residual_std),       # attprojw
        [0.0] * (L * C),                       # attprojb
        [1.0] * (L * C), [0.0] * (L * C),      # ln2w, ln2b
        normal(L * 4 * C * C, 0.02),           # fcw
        [0.0] * (L * 4 * C),                   # fcb
        normal(L * C * 4 * C, residual_std),   # fcprojw
        [0.0] * (L * C),                       # fcprojb
        [1.0] * C, [0.0] * C,                  # lnfw, lnfb
    ]


def write_checkpoint(path, header_fields, bf16_bits, as_bf16):
    header = array.array("i", [0] * 256)
    for i, v in enumerate(header_fields):
        header[i] = v
    header[1] = 5 if as_bf16 else 3
    with open(path, "wb") as f:
        f.write(header.tobytes())
        if as_bf16:
            f.write(array.array("H", bf16_bits).tobytes())
        else:
            f.write(array.array("f", [from_bf16_bits(b) for b in bf16_bits]).tobytes())


def markov_tokens(n, V, rng):
    """n tokens from a chain where each token has 4 likely successors."""
    successors = [[rng.randrange(V) for _ in range(4)] for _ in range(V)]
    tok = rng.randrange(V)
    out = []
    for _ in range(n):
        out.append(tok)
        tok = rng.choice(successors[tok]) if rng.random() < 0.9 else rng.randrange(V)
    return out


def write_tokens(path, tokens):
    header = array.array("i", [0] * 256)
    header[0], header[1], header[2] = DATA_MAGIC, 1, len(tokens)
    with open(path, "wb") as f:
        f.write(header.tobytes())
        f.write(array.array("H", tokens).tobytes())


def write_tokenizer(path, V):
    header = array.array("I", [0] * 256)
    header[0], header[1], header[2], header[3] = TOKENIZER_MAGIC, 2, V, V - 1
    with open(path, "wb") as f:
        f.write(header.tobytes())
        for i in range(V):
            text = f"<{i}>".encode()
            f.write(bytes([len(text)]) + text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--channels", type=int, default=128)
    ap.add_argument("--vocab", type=int, default=8250)
    ap.add_argument("--padded-vocab", type=int, default=8320)
    ap.add_argument("--seq", type=int, default=64, help="max_seq_len (llm.c's CPU trainer uses T=64)")
    ap.add_argument("--train-tokens", type=int, default=10 * 4 * 64 + 1,
                    help="default: exactly 10 batches of B=4, T=64")
    ap.add_argument("--val-tokens", type=int, default=5 * 4 * 64 + 1)
    ap.add_argument("--seed", type=int, default=1337)
    a = ap.parse_args()
    if a.channels % a.heads or a.padded_vocab < a.vocab or a.vocab > 65535:
        sys.exit("llmc_tiny_gpt2.py: channels must divide by heads, vocab <= padded vocab <= 65535")
    if a.channels % 128 or a.padded_vocab % 128 or a.seq % 4 or a.vocab < 8 * 1024:
        print("llmc_tiny_gpt2.py: warning: llm.c's CUDA kernels need channels and padded vocab "
              "multiples of 128, T a multiple of 4, vocab >= 8192", file=sys.stderr)

    rng = random.Random(a.seed)
    tensors = parameter_tensors(a.layers, a.channels, a.vocab, a.padded_vocab, a.seq, rng)
    bits = [to_bf16_bits(x) for t in tensors for x in t]
    fields = [MODEL_MAGIC, 0, a.seq, a.vocab, a.layers, a.heads, a.channels, a.padded_vocab]
    os.makedirs(os.path.join(a.dir, "dev/data/tinyshakespeare"), exist_ok=True)
    write_checkpoint(os.path.join(a.dir, "gpt2_124M.bin"), fields, bits, as_bf16=False)
    write_checkpoint(os.path.join(a.dir, "gpt2_124M_bf16.bin"), fields, bits, as_bf16=True)
    write_tokenizer(os.path.join(a.dir, "gpt2_tokenizer.bin"), a.vocab)
    data = os.path.join(a.dir, "dev/data/tinyshakespeare/tiny_shakespeare_")
    tokens = markov_tokens(a.train_tokens + a.val_tokens, a.vocab, rng)
    write_tokens(data + "train.bin", tokens[:a.train_tokens])
    write_tokens(data + "val.bin", tokens[a.train_tokens:])
    print(f"llmc_tiny_gpt2.py: {len(bits)} parameters (L={a.layers} NH={a.heads} C={a.channels} "
          f"V={a.vocab} Vp={a.padded_vocab} maxT={a.seq}) in {a.dir}")


if __name__ == "__main__":
    main()
