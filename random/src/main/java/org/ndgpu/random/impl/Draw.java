package org.ndgpu.random.impl;

/** A call's Philox key and the counter offset reserved for it. */
public record Draw(long seed, long offset) {}
