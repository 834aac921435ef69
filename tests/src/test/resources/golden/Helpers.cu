// <opencl-on-cuda.h>

typedef struct This_s{
   __global float *x;
   int x__javaArrayLength;
   __global float *y;
   int passid;
}This;
int get_pass_id(This *nd_this){
   return nd_this->passid;
}
float org_ndgpu_raw_TestKernels_Helpers__norm(This *nd_this, float u, float v){
   return(sqrt(((u * u) + (v * v))));
}
__kernel void run(
   float *x, 
   int x__javaArrayLength, 
   float *y, 
   int passid
){
   This thisStruct;
   This* nd_this=&thisStruct;
   nd_this->x = x;
   nd_this->x__javaArrayLength = x__javaArrayLength;
   nd_this->y = y;
   nd_this->passid = passid;
   {
      int i = get_global_id(0);
      if (i<nd_this->x__javaArrayLength){
         nd_this->y[i]  = org_ndgpu_raw_TestKernels_Helpers__norm(nd_this, nd_this->x[i], 2.0f);
      }
      return;
   }
}
