#!/usr/bin/env bash
# Spark GPU discovery script for ndgpu executors: prints {"name":"gpu","addresses":["0","1",...]}, one
# address per NVIDIA GPU in nvidia-smi's order (PCI bus order). ndgpu maps address N to cuda:N, so
# set CUDA_DEVICE_ORDER=PCI_BUS_ID on the executors (spark.executorEnv.CUDA_DEVICE_ORDER) for CUDA to
# count in the same order. Use it as spark.executor.resource.gpu.discoveryScript (and, on a standalone
# cluster, spark.worker.resource.gpu.discoveryScript). It fails, saying why, when nvidia-smi is missing.
set -euo pipefail
if ! command -v nvidia-smi >/dev/null 2>&1; then
  echo "getGpusResources.sh: nvidia-smi not found: no NVIDIA driver on this host, so no GPU to offer Spark" >&2
  exit 1
fi
addrs=$(nvidia-smi --query-gpu=index --format=csv,noheader | sed -e 's/^ *//' -e 's/ *$//' | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n/","/g')
echo "{\"name\":\"gpu\",\"addresses\":[\"$addrs\"]}"
