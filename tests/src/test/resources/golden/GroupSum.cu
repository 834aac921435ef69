// <opencl-on-cuda.h>

typedef struct This_s{
   __local float *tile;
   __global float *x;
   __global float *sums;
   int passid;
}This;
int get_pass_id(This *nd_this){
   return nd_this->passid;
}
__kernel void run(
   unsigned long long nd_offset_tile, 
   float *x, 
   float *sums, 
   int passid
){
   float *tile = (float *)(nd_dynamic_shared + nd_offset_tile);
   This thisStruct;
   This* nd_this=&thisStruct;
   nd_this->tile = tile;
   nd_this->x = x;
   nd_this->sums = sums;
   nd_this->passid = passid;
   {
      int l = get_local_id(0);
      nd_this->tile[l]  = nd_this->x[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int s = get_local_size(0) / 2; s>0; s = s / 2){
         if (l<s){
            nd_this->tile[l]  = nd_this->tile[l] + nd_this->tile[(l + s)];
         }
         barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (l==0){
         nd_this->sums[get_group_id(0)]  = nd_this->tile[0];
      }
      return;
   }
}
