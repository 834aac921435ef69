typedef struct This_s{
   __global float *x;
   int x__javaArrayLength;
   __global float *y;
   int passid;
}This;
int get_pass_id(This *this){
   return this->passid;
}
float org_ndgpu_raw_TestKernels$Helpers__norm(This *this, float u, float v){
   return(sqrt(((u * u) + (v * v))));
}
__kernel void run(
   __global float *x, 
   int x__javaArrayLength, 
   __global float *y, 
   int passid
){
   This thisStruct;
   This* this=&thisStruct;
   this->x = x;
   this->x__javaArrayLength = x__javaArrayLength;
   this->y = y;
   this->passid = passid;
   {
      int i = get_global_id(0);
      if (i<this->x__javaArrayLength){
         this->y[i]  = org_ndgpu_raw_TestKernels$Helpers__norm(this, this->x[i], 2.0f);
      }
      return;
   }
}
