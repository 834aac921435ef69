typedef struct This_s{
   int n;
   __global float *y;
   float a;
   __global float *x;
   int passid;
}This;
int get_pass_id(This *this){
   return this->passid;
}
__kernel void run(
   int n, 
   __global float *y, 
   float a, 
   __global float *x, 
   int passid
){
   This thisStruct;
   This* this=&thisStruct;
   this->n = n;
   this->y = y;
   this->a = a;
   this->x = x;
   this->passid = passid;
   {
      int i = get_global_id(0);
      if (i<this->n){
         this->y[i]  = (this->a * this->x[i]) + this->y[i];
      }
      return;
   }
}
