// <opencl-on-cuda.h>


typedef struct This_s{
   __global double *out;
   double bias;
   int passid;
}This;
int get_pass_id(This *nd_this){
   return nd_this->passid;
}
__kernel void run(
   double *out, 
   double bias, 
   int passid
){
   This thisStruct;
   This* nd_this=&thisStruct;
   nd_this->out = out;
   nd_this->bias = bias;
   nd_this->passid = passid;
   {
      int c = get_global_id(0);
      int r = get_global_id(1);
      nd_this->out[(r * get_global_size(0)) + c]  = (double)((r * 1000) + c) + nd_this->bias;
      return;
   }
}
