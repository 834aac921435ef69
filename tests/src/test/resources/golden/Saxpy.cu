// <opencl-on-cuda.h>

typedef struct This_s{
   int n;
   __global float *y;
   float a;
   __global float *x;
   int passid;
}This;
int get_pass_id(This *nd_this){
   return nd_this->passid;
}
__kernel void run(
   int n, 
   float *y, 
   float a, 
   float *x, 
   int passid
){
   This thisStruct;
   This* nd_this=&thisStruct;
   nd_this->n = n;
   nd_this->y = y;
   nd_this->a = a;
   nd_this->x = x;
   nd_this->passid = passid;
   {
      int i = get_global_id(0);
      if (i<nd_this->n){
         nd_this->y[i]  = (nd_this->a * nd_this->x[i]) + nd_this->y[i];
      }
      return;
   }
}
