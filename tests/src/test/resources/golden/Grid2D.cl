#pragma OPENCL EXTENSION cl_khr_fp64 : enable

typedef struct This_s{
   __global double *out;
   double bias;
   int passid;
}This;
int get_pass_id(This *this){
   return this->passid;
}
__kernel void run(
   __global double *out, 
   double bias, 
   int passid
){
   This thisStruct;
   This* this=&thisStruct;
   this->out = out;
   this->bias = bias;
   this->passid = passid;
   {
      int c = get_global_id(0);
      int r = get_global_id(1);
      this->out[(r * get_global_size(0)) + c]  = (double)((r * 1000) + c) + this->bias;
      return;
   }
}
