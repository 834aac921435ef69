#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_extended_atomics : enable
#define atomicGet(p) (*p)
#define atomicSet(p, val) (*p=val)
int atomicAdd(__global int *_arr, int _index, int _delta){
   return atomic_add(&_arr[_index], _delta);
}
typedef struct This_s{
   __global int *values;
   __global int *bins;
   int nbins;
   int passid;
}This;
int get_pass_id(This *this){
   return this->passid;
}
__kernel void run(
   __global int *values, 
   __global int *bins, 
   int nbins, 
   int passid
){
   This thisStruct;
   This* this=&thisStruct;
   this->values = values;
   this->bins = bins;
   this->nbins = nbins;
   this->passid = passid;
   {
      int v = this->values[get_global_id(0)];
      atomicAdd(this->bins, (v % this->nbins), 1);
      return;
   }
}
