// <opencl-on-cuda.h>

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
int get_pass_id(This *nd_this){
   return nd_this->passid;
}
__kernel void run(
   int *values, 
   int *bins, 
   int nbins, 
   int passid
){
   This thisStruct;
   This* nd_this=&thisStruct;
   nd_this->values = values;
   nd_this->bins = bins;
   nd_this->nbins = nbins;
   nd_this->passid = passid;
   {
      int v = nd_this->values[get_global_id(0)];
      atomicAdd(nd_this->bins, (v % nd_this->nbins), 1);
      return;
   }
}
